// The call shapes are the contract's; the BFF re-exports the ones this module validates with.
export {
  AdoptTokenRequest,
  ConfirmQuery,
  EmptyRequest,
  GetEmailRequest,
  LoginRequest,
  ResetPasswordRequest,
  SignupRequest,
  UserInfo,
} from '@portal/contracts/schemas';
