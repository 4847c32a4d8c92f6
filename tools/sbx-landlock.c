/* placeholder: replaced by the landlock launcher work */
int main(void) { return 125; }
