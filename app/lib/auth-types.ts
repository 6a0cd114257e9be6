/** The signed-in caller as the API and loaders see it. ctx is always 'containers' (spec document 1, section 1). */
export interface SessionUser {
  id: string;
  userName: string;
  email: string;
  isAdmin: boolean;
  isSaasUserAdmin: boolean;
  isSaasAuditAdmin: boolean;
  ctx: "containers";
}
