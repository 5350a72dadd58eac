import { ForbiddenException } from '@nestjs/common';
import type { Plan } from '../../repositories/schema/plans';

/**
 * The one refusal of something the caller's plan lacks: 403 with code premium_required, and `requiredPlan` when the
 * plan that opens it is one (the web app then links to it).
 */
export function premiumRequired(message: string, requiredPlan?: Plan): ForbiddenException {
  return new ForbiddenException({ message, code: 'premium_required', ...(requiredPlan ? { requiredPlan } : {}) });
}
