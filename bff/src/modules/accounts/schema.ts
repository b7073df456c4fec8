// The call shapes are the contract's; the BFF re-exports the ones this module validates with.
export { AdoptTokenRequest, EmptyRequest, LoginRequest, UserInfo } from '@portal/contracts/schemas';
