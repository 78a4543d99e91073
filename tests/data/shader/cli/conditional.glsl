// --defines-file: A and B come from defines.txt
#if A == 2 && defined(B)
branch_taken
#else
branch_not_taken
#endif
