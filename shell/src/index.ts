import { preloadFirstRoute, readBootData } from './app/first-route';

// Before anything else: start fetching the remote of the route in the address, in parallel
// with the shell's own chunks (the BFF inlined where it lives). A visitor's first paint has
// started it already, with the shell's chunks (bff/src/lib/first-paint.ts).
const boot = readBootData();
if (boot && !window.__portalFirstPaint) preloadFirstRoute(boot, location.hash);

// The async boundary lets federation negotiate shared singletons before any of them is used.
import('./bootstrap');
