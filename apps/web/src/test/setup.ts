import { configure } from '@testing-library/react';

// testing-library's `findBy…` and `waitFor` give up after 1 s by default: on two cores running the server's
// tests beside these, a screen's first data took longer (Campana, MaquinaForm, ClienteForm, ReporteScreen and
// AplicacionDetail failed so on a loaded machine and passed alone). A wait that succeeds costs nothing more.
configure({ asyncUtilTimeout: 15_000 });
