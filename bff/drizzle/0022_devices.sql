-- Reserved for devices (filled in by its change).
SELECT 1;
