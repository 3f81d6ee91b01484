/**
 * Statements whose elements nest `levels` deep around an otherwise ordinary body: OFX 1.x
 * (SGML), OFX 2.x (XML) and CAMT.053. `ok` is an OFX file with one transaction at that depth.
 */
export function deeplyNested(levels: number): Record<string, string> {
  const open = '<A>'.repeat(levels);
  const close = '</A>'.repeat(levels);
  const transaction = '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<FITID>1<NAME>Coffee</STMTTRN>';
  return {
    'deep-sgml.ofx': `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>${open}<STMTRS><BANKTRANLIST>${transaction}</BANKTRANLIST></STMTRS>${close}</OFX>\n`,
    'deep-xml.ofx': `<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="220"?>\n<OFX>${open}${close}</OFX>\n`,
    'deep-camt.xml': `<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>${open}${close}</BkToCstmrStmt></Document>\n`,
    ok: `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>${'<A>'.repeat(Math.max(0, levels - 6))}<STMTRS><BANKTRANLIST>${transaction}</BANKTRANLIST></STMTRS></OFX>\n`,
  };
}
