print("tophhie")
