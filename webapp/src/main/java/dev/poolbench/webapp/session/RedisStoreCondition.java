package dev.poolbench.webapp.session;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** True with {@code POOLBENCH_SESSION_STORE=redis}: the only way any Redis bean comes to exist. */
class RedisStoreCondition implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        return SessionSettings.from(context.getEnvironment()).redis();
    }
}
