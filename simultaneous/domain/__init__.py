"""The simultaneous pairs' plain Python (no Django): ``field`` — the field's results as kept between combinations."""
