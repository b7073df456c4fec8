// Moved to @portal/ui/form-checks (shared by every remote's forms); this path goes once nothing imports it.
export * from '@portal/ui/form-checks';
