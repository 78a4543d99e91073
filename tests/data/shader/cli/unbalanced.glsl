#ifdef A
float a;
