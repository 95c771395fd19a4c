"""Three-Thirteen: rummy in 11 rounds against three AI seats."""
