import IslandREPL
