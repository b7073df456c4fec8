/** Agency mode applies when the page host equals the host of the configured agency domain. */
export function isAgencyHost(agencyHost: string, pageHost: string = location.host): boolean {
  return agencyHost !== '' && pageHost.toLowerCase() === agencyHost.toLowerCase();
}
