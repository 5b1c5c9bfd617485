/**
 * Passwords too common to allow: the most frequent entries of 6 or more characters
 * in public breach corpora (NCSC / SecLists "most common passwords" lists). Compared without
 * regard to case. Shorter ones are already refused by the 6-character minimum.
 */
const LIST = `
123456 password 12345678 qwerty 123456789 1234567 111111 1234567890 123123 abc123 000000
password1 iloveyou 1q2w3e4r qwerty123 qwertyuiop 654321 555555 666666 121212 123321 112233
7777777 987654321 1qaz2wsx 1q2w3e4r5t 1q2w3e 123qwe zxcvbnm asdfgh asdfghjkl qazwsx
qwe123 a123456 123456a 12345a password123 passw0rd p@ssw0rd p@ssword pa55word pass123 pass1234
admin123 administrator welcome welcome1 welcome123 letmein letmein1 monkey dragon master
sunshine princess football baseball basketball soccer hockey superman batman trustno1
whatever freedom shadow michael jennifer jordan23 hunter hunter2 ashley charlie thomas
daniel andrew jessica michelle nicole matthew joshua summer buster hannah harley ginger
starwars pokemon computer internet samsung iphone google yellow purple orange silver
cookie cheese chocolate butterfly flower mustang ferrari corvette killer pepper secret
secret123 changeme changeme123 default qwerty1 qwerty12 qwert123 azerty azerty123 abcdef
abcdef123 abcd1234 abc12345 aaaaaa 11111111 00000000 88888888 12341234 11223344 123654
159753 147258369 147258 789456 789456123 456789 1234qwer zaq12wsx zaq1zaq1 !qaz2wsx
loveyou lovely lovelove iloveu iloveyou1 iloveyou2 babygirl angel1 angels anthony
liverpool chelsea arsenal barcelona realmadrid manchester london1 america canada
jesus1 blessed blink182 metallica nirvana 666999 696969 102030 101010 123abc asd123
qwerty1234 password12 password2 password01 passwort motdepasse contraseña senha123
q1w2e3r4 q1w2e3r4t5 1qazxsw2 zxcvbn zxc123 asdf1234 asdasd asdasd123 qweasd qweasdzxc
access master123 login123 root123 toor1234 test123 test1234 testing tester guest123
user123 demo123 sample123 temp123 temppass letmein123 opensesame trustme mypassword
pathforge pathforge1 pathforge123
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter((word) => word.length >= 6));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
