"""Translation: every text a user reads, in English and Chinese."""
