// A diagram whose candidates disagree: under the candidate limit, seed 2 or 3 draws it better
// than seed 1, so a layout weighing one candidate gives a different scene than one weighing
// three. Tests that check which choice a surface made lay it out.
const services = Array.from({ length: 18 }, (_, i) => `n${i + 2} = rect "Service ${i + 2}"`);
const links = [
  'n0 -> n1', 'n0 -> n2', 'n0 -> n3', 'n2 -> n4', 'n3 -> n5', 'n0 -> n6', 'n5 -> n7', 'n3 -> n8', 'n6 -> n9', 'n2 -> n10',
  'n0 -> n11', 'n7 -> n12', 'n12 -> n13', 'n0 -> n14', 'n8 -> n15', 'n1 -> n16', 'n8 -> n17', 'n12 -> n18', 'n1 -> n19',
  'n12 -> n14', 'n2 -> n14', 'n3 -> n17', 'n5 -> n7',
];

export const CANDIDATES_DISAGREE = ['direction LR', 'edge = group "Edge" {', '  n0 = rect "Gateway"', '  n1 = rect "Auth"', '}', ...services, ...links, ''].join('\n');
