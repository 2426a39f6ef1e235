"""Game-independent machinery: errors, seeded shuffles, data files, JSON checks and loading."""
