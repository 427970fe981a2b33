"""The live table (issue 35): the players' phones join the game master's fight over a direct
WebRTC data channel, with no server and no signal, or by codes alone.

Pure, like the rest of the engine: the codes a phone shows and scans (the join code and the
answer code, and the session description each stands for), and the messages on the channel
with the two sides' state machines, which take a message in and say what to send. The page
controllers drive them; the glue only moves bytes between them and the browser's WebRTC.
"""
