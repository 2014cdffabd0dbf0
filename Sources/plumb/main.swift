print("plumb")
