// Passwords guessers try first. Only 12 characters and more matter (shorter ones fail the length rule), and those
// are mostly a common word or keyboard run padded with digits and symbols, so the check strips the padding and
// compares the core with this list, besides refusing runs like "111111111111" and the username itself.
const COMMON_CORES = `
password passw0rd p@ssword p@ssw0rd pass qwerty qwertyuiop qwertyuiopasdfghjkl asdfghjkl asdf zxcvbnm
zxcvbnmasdfghjkl qazwsx qazwsxedc 1qaz2wsx 1qaz2wsx3edc 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4t5y6 abc abcd
abcdef abcdefg abcdefgh abcdefghijkl iloveyou letmein welcome welcome1 admin administrator root toor changeme
default secret master monkey dragon football baseball basketball soccer hockey superman batman spiderman
princess sunshine shadow michael jennifer jordan hunter ranger buster thomas robert daniel charlie andrew
matthew joshua ashley jessica amanda hello helloworld trustno1 whatever freedom starwars pokemon minecraft
computer internet login access flower cookie cheese chocolate summer winter autumn spring love lovely loveme
fiji fijian suva nadi lautoka bula vinaka drone drones pilot pilots rpas pacific pacificsky pacificskyrpas
company business office staff staffpassword adminpassword administrator1 user username guest test testing
tester demo sample example temp temporary newpassword mypassword yourpassword ourpassword secretpassword
passwordpassword letmeinnow opensesame samsung apple google microsoft facebook linkedin youtube twitter
whatsapp instagram mustang ferrari porsche corvette harley yamaha tigers eagles lakers cowboys yankees
liverpool arsenal chelsea manchester barcelona madrid juventus killer hacker ninja qwerty123 asdfgh zaq1zaq1
zaq12wsx abc123 a1b2c3 a1b2c3d4 aa bb qq zz xx
`
  .split(/\s+/)
  .filter(Boolean);

const FULL = new Set(COMMON_CORES);

/** The password with digits, symbols and spaces taken off both ends, lower-cased. */
const core = (password: string) =>
  password
    .toLowerCase()
    .replace(/^[^a-z]+/, "")
    .replace(/[^a-z]+$/, "");

/** A run of one character, or a straight run up or down the digits or the alphabet ("123456789012"). */
function isRun(password: string): boolean {
  if (new Set(password).size <= 2) return true;
  const codes = [...password.toLowerCase()].map((c) => c.charCodeAt(0));
  let up = 0;
  let down = 0;
  for (let i = 1; i < codes.length; i++) {
    const step = (codes[i] ?? 0) - (codes[i - 1] ?? 0);
    if (step === 1 || step === -9) up++;
    if (step === -1 || step === 9) down++;
  }
  return up >= codes.length - 2 || down >= codes.length - 2;
}

/** True when the password is one of the first things a guesser tries, or is built from the username. */
export function isCommonPassword(password: string, username?: string): boolean {
  const lower = password.toLowerCase();
  const stripped = core(password);
  if (FULL.has(lower) || FULL.has(stripped) || stripped === "" || isRun(password)) return true;
  // A common core said twice ("passwordpassword", "qwertyqwerty").
  const half = stripped.slice(0, stripped.length / 2);
  if (stripped.length % 2 === 0 && half + half === stripped && FULL.has(half)) return true;
  if (username) {
    const name = username.toLowerCase();
    if (lower.includes(name) && name.length >= 3) return true;
    if (stripped === name) return true;
  }
  return false;
}
