-- Reserved for client_rules (filled in by its change).
SELECT 1;
