// The async boundary lets federation negotiate shared singletons before any of them is used.
import('./bootstrap');
