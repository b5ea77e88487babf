# Sound effects the app asks for; hw/buzzer.py plays them (the simulator stays silent).
CLICK = 1
OK = 2
BAD = 3
WIN = 4
LOSE = 5
