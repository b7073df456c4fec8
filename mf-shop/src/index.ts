// Standalone entry: the async boundary lets federation set up shared modules first.
import('./bootstrap');
