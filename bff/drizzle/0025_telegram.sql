-- Reserved for telegram (filled in by its change).
SELECT 1;
