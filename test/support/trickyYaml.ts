// YAML that js-yaml and yaml are known to read differently, or that is easy to get wrong:
// every reader of the load path must agree with yaml on these or decline them.
export const TRICKY_YAML: readonly string[] = [
  'a:\n  - 1\n - 2\n', 'a: [1,\n2]\nb: 1\n', 'a: {b: 1,\n  c: 2}\n', 'a:\n\tb: 1\n', 'a: b: c\n', 'a: {b: 1, b: 2}\n', 'a: 1\na: 2\n',
  '? [1, 2]\n: x\n', '[1]: x\n', 'a: "unterminated\n', 'a: 1\n  b: 2\n', 'a: |\n  text\n b: 1\n', 'a: - 1\n', '- a\nb: 1\n', 'a: !!str 1\n',
  'a: !!binary aGk=\n', 'a: !custom 1\n', 'a: 0x1F\nb: 0b101\nc: +1\nd: 1e3\ne: .NaN\nf: .inf\n', '%YAML 1.1\n---\na: 1\n', 'a: 1\n...\n',
  'a: 1 # c\nb: "x" y\n', 'key with spaces: 1\n"": 2\n', 'a: [1, 2]x\n', 'a:\n  b: 1\n   c: 2\n', 'a: {b: 1\n', "a: 'it''s'\nb: \"\\u00e9\"\n",
  'a: @x\n', 'a: `x\n', 'a:\n  - b: 1\n    c: 2\n  - d\n', 'a: >-\n  folded\n  text\n', 'a: 2001-01-01T00:00:00Z\nb: 2001-01-01\n',
  'null: 1\ntrue: 2\n1: 3\n', '~: 1\n', 'a: ~\nb: Null\nc: NULL\n', 'a: True\nb: TRUE\nc: yes\nd: on\n', 'a: 010\nb: 0o10\nc: 1_000\n',
  "a: '\n", 'a: b\n-c: d\n', '__proto__: { polluted: true }\nb: 1\n', 'a: &x 1\nb: *x\n', 'a: 1\n---\nb: 2\n', '[1, 2]\n', '"just a string"\n', '',
  'a: <<\n', '<<: {b: 1}\n', 'a: 1\r\nb: 2\r\n', '\ufeffa: 1\n',
  // found by the random documents of test/load/fastPath.test.ts: js-yaml reads each one
  // differently from yaml, or accepts what yaml rejects
  'a: -.5\n', '-.5: x\n', 'a: +.5\n', '-0x1F: x\n', 'a: -0o17\n', '0b101: x\n', 'a: !\n', 'a: { : x }\n', 'a: [: x]\n', 'a: {~}\n',
  'a: { b: 1, { c: 2 }: 3 }\n', 'a: [{}: x]\n', 'a: [? x]\n', '- ? x\n', '---a: 1\n', '--- a: 1\n', '---# c\na: 1\n', 'a: []#\n', "a: 'x'#\n",
  'a: "x\ny"\n', "a: 'x\n# y'\n", 'a: "x\\\n- y"\n', 'a:\n  -\n- b\n', 'a:\n    - x\n  - y\n', 'a:\n- x\n-\n  - y\n  -\n- z\n',
  'a:\n  -   -\n  - x\n', '- a\nb: 1\n', 'a: 1\n\t\n', '\t---\na: 1\n', 'a: |+\n  x\n\n  ', 'a: |+\n  x',
  ' a: |\n ', 'a: |\n  \n  b: 1\n', 'a: >\n\n\n\nb: 1\n', 'a: b\n', 'a: \u00a0\n', 'a: [#]\n]\n', '%# c\n---\na: 1\n', 'a: "x  "#c\n',
  "a:\n '  - [{ '#c': 1 }]\n",
]
