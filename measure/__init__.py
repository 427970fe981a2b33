"""Measurement: the start-up benchmark (bench, and phone: a phone on 4G and the wire's bytes),
where a page's start goes (startprofile), how long share links are (linksize) and the scale
case of a well-used device (scale). Scripts and reports, not tests; nothing imports the build."""
