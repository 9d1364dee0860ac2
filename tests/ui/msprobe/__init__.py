"""msprobe trees in Browse and Compare."""
