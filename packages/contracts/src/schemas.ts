/** TypeBox schemas of the calls: values for the BFF's validation; types come from the index. */
export * from './api/user.js';
