-- Reserved for notifications (filled in by its change).
SELECT 1;
