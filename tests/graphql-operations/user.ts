/** Service path user. */
import { typed } from "~/graphql/operations/typed-document";
import type { LoginUserInfo } from "~/graphql/operations/types";

export const GET_LOGIN_USER_INFO = typed<{ getLoginUserInfo: LoginUserInfo }>(/* GraphQL */ `
  query getLoginUserInfo {
    getLoginUserInfo { userName email isSaasUserAdmin isSaasAuditAdmin isAdmin }
  }
`);
