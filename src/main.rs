fn main() {
    println!("tictactoe");
}
