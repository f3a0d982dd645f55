import IslandCLI
