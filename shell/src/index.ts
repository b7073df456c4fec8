import { preloadFirstRoute, readBootData } from './app/first-route';

// Before anything else: start fetching the remote of the route in the address, in parallel
// with the shell's own chunks (the BFF inlined where it lives).
const boot = readBootData();
if (boot) preloadFirstRoute(boot, location.hash);

// The async boundary lets federation negotiate shared singletons before any of them is used.
import('./bootstrap');
