/** Service path user. */
import { typed } from "./typed-document";
import type { LoginUserInfo } from "./types";

export const GET_LOGIN_USER_INFO = typed<{ getLoginUserInfo: LoginUserInfo }>(/* GraphQL */ `
  query getLoginUserInfo {
    getLoginUserInfo { userName email isSaasUserAdmin isSaasAuditAdmin isAdmin }
  }
`);
