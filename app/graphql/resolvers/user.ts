/** getLoginUserInfo: the caller as the session or token identified them. */
import type { ResolverMap } from "./types";

export const userResolvers: ResolverMap = {
  Query: {
    getLoginUserInfo: (_parent, _args, { user }) => ({
      userName: user.userName,
      email: user.email,
      isSaasUserAdmin: user.isSaasUserAdmin,
      isSaasAuditAdmin: user.isSaasAuditAdmin,
      isAdmin: user.isAdmin,
    }),
  },
};
