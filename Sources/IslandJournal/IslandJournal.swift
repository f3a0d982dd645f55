import IslandCore
