"""Every screen besides the table: the title, settings, statistics, the rules, the review."""
