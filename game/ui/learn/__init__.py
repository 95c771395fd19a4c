"""Learn to play: a guided round on a fixed deal against the teacher."""
