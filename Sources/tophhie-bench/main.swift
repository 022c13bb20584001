print("tophhie-bench")
