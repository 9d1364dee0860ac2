"""The embedded emulator: small numpy models under emulated Ascend precision, writing real dump trees."""
