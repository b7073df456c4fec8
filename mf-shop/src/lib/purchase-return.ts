import type { PayMode } from '@portal/contracts';

/**
 * Where a payment provider sends the browser back: the order list with a `{product}_pay`
 * parameter (spec-2 "Order list"), which shows the purchase-success toast there. The product
 * part is the payment method, so the parameter also says which one paid.
 */
export function purchaseReturnUrl(mode: PayMode, page: Pick<Location, 'origin' | 'pathname'> = location): string {
  return `${page.origin}${page.pathname}#/order?${mode}_pay=1`;
}

/** The `{product}_pay` parameter of the order route, if the address carries one. */
export function purchaseReturnParam(params: URLSearchParams): string | null {
  for (const key of params.keys()) if (/^[A-Za-z0-9]+_pay$/.test(key)) return key;
  return null;
}
