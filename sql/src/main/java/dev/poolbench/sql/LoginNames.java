package dev.poolbench.sql;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Unique, realistic-looking login names ("emma.nakamura", "jkowalski84", ...). All lowercase
 * ASCII, so uniqueness here also holds under the database's case-insensitive UNIQUE index.
 */
final class LoginNames {
    private static final String[] FIRST_NAMES = {
        "aaron", "adam", "aiko", "akira", "alex", "alice", "amelia", "ana", "andrea", "anna",
        "ben", "bruno", "carla", "carlos", "chen", "chloe", "daniel", "david", "diego", "elena",
        "eli", "emily", "emma", "eric", "ethan", "eva", "fatima", "felix", "finn", "grace",
        "hana", "hannah", "haruto", "henry", "hiro", "ida", "igor", "isabel", "ivan", "jack",
        "james", "jana", "jin", "john", "jonas", "julia", "kai", "karin", "kenji", "laura",
        "leo", "lena", "liam", "lily", "lucas", "luis", "maria", "mark", "marta", "mei",
        "mia", "mika", "nadia", "naoki", "nina", "noah", "nora", "oliver", "olga", "omar",
        "oscar", "paul", "pedro", "priya", "rafael", "ravi", "rin", "rosa", "ryo", "sara",
        "satoshi", "sofia", "sora", "stefan", "takeshi", "tara", "theo", "tom", "umar", "valentina",
        "victor", "wei", "william", "xin", "yuki", "yusuf", "yuto", "zara", "zoe", "zoltan",
    };
    private static final String[] SURNAMES = {
        "abe", "ahmed", "alvarez", "anderson", "bauer", "becker", "brown", "chan", "costa", "cruz",
        "davis", "dubois", "endo", "fischer", "garcia", "gomez", "gonzalez", "hall", "hansen", "hayashi",
        "hernandez", "hoffmann", "ito", "ivanov", "jensen", "johnson", "jones", "kato", "kim", "kobayashi",
        "kowalski", "kumar", "larsen", "lee", "lopez", "martin", "martinez", "matsumoto", "meyer", "miller",
        "moore", "morales", "muller", "murphy", "nakamura", "nguyen", "nielsen", "novak", "ogawa", "okafor",
        "olsen", "ortiz", "park", "patel", "perez", "petrov", "rossi", "russo", "saito", "sanchez",
        "santos", "sato", "schmidt", "schneider", "silva", "singh", "smith", "suzuki", "takahashi", "tanaka",
        "taylor", "thomas", "torres", "wagner", "walker", "wang", "watanabe", "weber", "white", "wilson",
        "wong", "wu", "yamada", "yamamoto", "yang", "yilmaz", "yoshida", "zhang", "zhao", "zimmermann",
    };

    private final SplittableRandom random;
    private final Set<String> used = new HashSet<>(400_000);

    LoginNames(SplittableRandom random, Set<String> reserved) {
        this.random = random;
        used.addAll(reserved);
    }

    String next() {
        while (true) {
            String candidate = candidate();
            if (used.add(candidate)) {
                return candidate;
            }
        }
    }

    private String candidate() {
        String first = FIRST_NAMES[random.nextInt(FIRST_NAMES.length)];
        String last = SURNAMES[random.nextInt(SURNAMES.length)];
        return switch (random.nextInt(5)) {
            case 0 -> first + "." + last;
            case 1 -> first + "_" + last + random.nextInt(100);
            case 2 -> first.charAt(0) + last + (1_950 + random.nextInt(60));
            case 3 -> first + last + random.nextInt(1_000);
            default -> last + "." + first + random.nextInt(10_000);
        };
    }
}
