// The public face of features/subscription: other features import from here, never from its files.
export { openPortal, PLAN_ORDER, useEntitlements, type EntitlementsDto, type Plan } from './api/billing';
export { leaveTo, type LeaveTo } from './leave-to';
