"""Data and pictures made from assets/ and the goldens: font, Mini Rogue's art, screenshots."""
