fn main() -> std::process::ExitCode {
    tictactoe::cli::main()
}
