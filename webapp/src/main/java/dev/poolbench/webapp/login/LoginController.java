package dev.poolbench.webapp.login;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;

/** {@code GET /}, {@code POST /login}, {@code GET /mypage}. */
@Controller
class LoginController {

    static final String SESSION_USER_ID = "userId";
    static final String SESSION_NOTICE = "notice";
    static final String NOT_LOGGED_IN = "You must be logged in";
    /** login_log.login and login_log.ip are VARCHAR(255): longer input cannot be stored, so it is refused. */
    static final int MAX_STORED_CHARS = 255;

    private final LoginService loginService;

    LoginController(LoginService loginService) {
        this.loginService = loginService;
    }

    @GetMapping("/")
    String index(HttpServletRequest request, Model model) {
        HttpSession session = request.getSession(false);
        if (session != null) {
            Object notice = session.getAttribute(SESSION_NOTICE);
            if (notice != null) {
                session.removeAttribute(SESSION_NOTICE);
                model.addAttribute("notice", notice);
            }
        }
        return "index";
    }

    @PostMapping("/login")
    String login(@RequestParam(name = "login", required = false) String login,
            @RequestParam(name = "password", required = false) String password, HttpServletRequest request) {
        if (login == null || password == null) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                    "The form fields login and password are both required.");
        }
        if (tooLong(login)) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                    "The login is longer than " + MAX_STORED_CHARS + " characters.");
        }
        String ip = clientIp(request);
        if (tooLong(ip)) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                    "The X-Forwarded-For header is longer than " + MAX_STORED_CHARS + " characters.");
        }
        LoginResult result = loginService.attempt(login, password, ip);
        HttpSession session = request.getSession(true);
        if (result.succeeded()) {
            if (!session.isNew()) {
                request.changeSessionId(); // no session fixation: a new id for the logged-in session
            }
            session.removeAttribute(SESSION_NOTICE);
            session.setAttribute(SESSION_USER_ID, result.userId());
            return "redirect:/mypage";
        }
        session.setAttribute(SESSION_NOTICE, result.notice());
        return "redirect:/";
    }

    @GetMapping("/mypage")
    String mypage(HttpServletRequest request, Model model) {
        HttpSession session = request.getSession(false);
        Object userId = session == null ? null : session.getAttribute(SESSION_USER_ID);
        Optional<LastLogin> lastLogin = userId instanceof Long id ? loginService.previousLogin(id) : Optional.empty();
        if (lastLogin.isEmpty()) {
            request.getSession(true).setAttribute(SESSION_NOTICE, NOT_LOGGED_IN);
            return "redirect:/";
        }
        model.addAttribute("lastLogin", lastLogin.get());
        return "mypage";
    }

    /** The whole raw X-Forwarded-For when present and non-empty (no splitting, no trimming), else the peer. */
    static String clientIp(HttpServletRequest request) {
        String forwarded = request.getHeader("X-Forwarded-For");
        return forwarded != null && !forwarded.isEmpty() ? forwarded : request.getRemoteAddr();
    }

    private static boolean tooLong(String value) {
        return value.length() > MAX_STORED_CHARS && value.codePointCount(0, value.length()) > MAX_STORED_CHARS;
    }
}
