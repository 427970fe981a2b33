"""RuneQuest (1978) rules: characteristics, combat and the tables they use."""
