// Prints hello.
import CellKit
print("hello")
