// Exact rows parsed from exports in the variants banks really produce: each fixture is
// written after the bank's published format (and public projects' samples), not copied.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParsedItem } from '../../src/importers/index.js';
import { fixture, readStatement, row, skipped } from './statement-helpers.js';

const cases: Array<[file: string, profile: string | undefined, items: ParsedItem[]]> = [
  ['ofx2-cdata-names.ofx', undefined, [
      row({ line: 1, date: '2024-04-02', description: 'POS PURCHASE TRADER JOE\'S #512 CAMBRIDGE MA', value: -23.17, fingerprintText: 'TRADER JOE\'S #512 POS PURCHASE TRADER JOE\'S #512 CAMBRIDGE MA', bankTransactionId: '202404020001', account: '0047118832' }),
      row({ line: 2, date: '2024-04-03', description: 'AMAZON MKTPL*RT4K21 Amzn.com/bill WA', value: -64.99, fingerprintText: 'AMAZON MKTPL*RT4K21 AMAZON MKTPL*RT4K21 Amzn.com/bill WA', bankTransactionId: '202404030002', account: '0047118832' }),
      row({ line: 3, date: '2024-04-05', description: 'ACME & SONS PAYROLL', value: 2150, bankTransactionId: '202404050003', account: '0047118832' }),
      row({ line: 4, date: '2024-04-10', description: 'Out-of-network ATM fee', value: -2.5, bankTransactionId: '202404100004', account: '0047118832' }),
  ]],
  ['ofx1-no-name.ofx', undefined, [
      row({ line: 1, date: '2024-02-05', description: 'Check 1000', value: -200, bankTransactionId: '00002', account: '999988' }),
      row({ line: 2, date: '2024-02-12', description: 'ATM withdrawal', value: -300, bankTransactionId: '00003', account: '999988' }),
      row({ line: 3, date: '2024-02-29', description: 'Interest paid', value: 1.37, bankTransactionId: '00004', account: '999988' }),
      row({ line: 4, date: '2024-02-29', description: 'Transfer', value: -50, bankTransactionId: '00005', account: '999988' }),
  ]],
  ['ofx1-charset-lies.ofx', undefined, [
      row({ line: 1, date: '2024-01-05', description: 'CRÉDITO SALÁRIO EMPRESA JOÃO LTDA', value: 3500, fingerprintText: 'CRÃ‰DITO SALÃ�RIO EMPRESA JOÃƒO LTDA', bankTransactionId: '20240105001', account: '567890' }),
      row({ line: 2, date: '2024-01-08', description: 'PIX ENVIADO AÇOUGUE SÃO JOSÉ', value: -89.9, fingerprintText: 'PIX ENVIADO AÃ‡OUGUE SÃƒO JOSÃ‰', bankTransactionId: '20240108002', account: '567890' }),
      row({ line: 3, date: '2024-01-10', description: 'TARIFA BANCÁRIA', value: -12.4, fingerprintText: 'TARIFA BANCÃ�RIA', bankTransactionId: '20240110003', account: '567890' }),
  ]],
  ['mt940-citi-blank-entry-date.sta', undefined, [
      row({ line: 5, date: '2024-01-15', value: -1250, description: 'ACME OFFICE SUPPLIES INC INV 4471', bankTransactionId: 'CT24011500001', account: 'US/0000123456' }),
      row({ line: 7, date: '2024-01-15', value: 5000, description: 'NORTHWIND TRADERS LLC PAYMENT FOR PO 2231', bankTransactionId: 'CT24011500002', account: 'US/0000123456' }),
      row({ line: 9, date: '2024-01-16', value: -75, description: 'WIRE TRANSFER FEE', bankTransactionId: 'CT24011600003', account: 'US/0000123456' }),
  ]],
  ['mt940-shared-reference.sta', undefined, [
      row({ line: 6, date: '2024-01-31', value: -800, description: 'Immobilien Vogt GmbH Miete Januar Wohnung 2.OG', bankTransactionId: '55555', account: '76069559/0012345678' }),
      row({ line: 9, date: '2024-01-31', value: 3000, description: 'Muster Technik GmbH Lohn Januar 2024', bankTransactionId: '55555', account: '76069559/0012345678' }),
      row({ line: 12, date: '2024-01-31', value: -154.2, description: 'SAMMLER-REF 2024013100417 2 POSTEN', account: '76069559/0012345678' }),
      row({ line: 14, date: '2024-01-31', value: -39.99, description: 'Mobilfunk Nord GmbH Mobilfunk Januar', bankTransactionId: '55556', account: '76069559/0012345678' }),
  ]],
  ['mt940-nl-structured.sta', undefined, [
      row({ line: 8, date: '2024-02-05', value: -42.5, description: 'J. de Vries Terugbetaling etentje 3 feb', fingerprintText: '/TRTP/SEPA OVERBOEKING/IBAN/NL44RABO0123456789/BIC/RABONL2U/NAME/ J. de Vries/REMI/Terugbetaling etentje 3 feb/EREF/NOTPROVIDED', account: '417164300' }),
      row({ line: 11, date: '2024-02-07', value: 1850, description: 'Bakkerij Smit B.V. Salaris februari 2024', fingerprintText: '/TRTP/SEPA OVERBOEKING/IBAN/NL02ABNA0123456789/BIC/ABNANL2A/NAME/ Bakkerij Smit B.V./REMI/Salaris februari 2024/EREF/SAL-2024-02-117', account: '417164300' }),
      row({ line: 14, date: '2024-02-09', value: -18.95, description: 'Vodafone Libertel B.V. Factuur 2024-02 klant 88123', fingerprintText: '/TRTP/SEPA Incasso algemeen doorlopend/CSID/NL71ZZZ332656790000/NAME /Vodafone Libertel B.V./MARF/100289634/REMI/Factuur 2024-02 klant 88123 /IBAN/NL25INGB0000012345/BIC/INGBNL2A/EREF/1000000000123', account: '417164300' }),
  ]],
  ['camt053-v04-status-and-names.xml', undefined, [
      row({ line: 1, date: '2024-03-01', value: -40, description: 'Rega', fingerprintText: 'Rega Rega', bankTransactionId: 'ZKB20240301/0001', account: 'CH9300762011623852957' }),
      row({ line: 2, date: '2024-03-01', value: 6250, description: 'Helvetia Versicherungen AG Lohn März 2024', bankTransactionId: 'ZKB20240301/0002', account: 'CH9300762011623852957' }),
      row({ line: 3, date: '2024-03-02', value: -27.8, description: 'Migros Zürich Limmatplatz Karte 5123', fingerprintText: 'Migros Migros Zürich Limmatplatz Karte 5123', bankTransactionId: 'ZKB20240302/0003', account: 'CH9300762011623852957' }),
      skipped(4, 'no status and no booking date: not a booked entry'),
      row({ line: 5, date: '2024-03-03', value: -15, description: 'Kontoführungsgebühr Februar', bankTransactionId: 'ZKB20240303/0005', account: 'CH9300762011623852957' }),
      skipped(6, 'pending (status PDNG): not booked yet'),
      skipped(7, 'information only (status INFO): not booked'),
  ]],
  ['qif-no-text.qif', undefined, [
      row({ line: 2, date: '2024-02-01', value: -45, description: 'Check 1021' }),
      row({ line: 6, date: '2024-02-03', value: -120, description: 'Transfer Savings' }),
      row({ line: 10, date: '2024-02-05', value: 12, description: '' }),
      row({ line: 13, date: '2024-02-07', value: -18.2, description: 'Corner Deli', fingerprintText: 'Corner Deli Corner Deli' }),
  ]],
  ['dkb.csv', 'dkb', [
      skipped(6, 'pending (Vorgemerkt): not booked yet'),
      row({ line: 7, date: '2024-01-30', description: 'Stadtwerke Leipzig GmbH Abschlag Strom 01/2024 Vertrag 4471120', value: -58, fingerprintText: 'Abschlag Strom 01/2024 Vertrag 4471120' }),
      row({ line: 8, date: '2024-01-29', description: 'Beispiel Software GmbH Gehalt Januar 2024', value: 3214.55, fingerprintText: 'Gehalt Januar 2024' }),
      row({ line: 9, date: '2024-01-27', description: 'LIEFERANDO.DE 2024-01-27 Bestellung 8X2KQ', value: -31.4 }),
      row({ line: 10, date: '2024-01-25', description: 'Max Mustermann Anteil Miete', value: -450, fingerprintText: 'Anteil Miete' }),
  ]],
  ['ing-de.csv', 'ing-de', [
      row({ line: 16, date: '2024-01-31', description: 'Beispiel Versicherung AG Kfz-Versicherung 2024 Vertrag 55-1234', value: -412.3 }),
      row({ line: 17, date: '2024-01-30', description: 'VISA EDEKA CENTER NR XXXX 1234 BERLIN KAUFUMSATZ 29.01 184512 ARN74356721', value: -61.25 }),
      row({ line: 18, date: '2024-01-26', description: 'Beispiel Software GmbH Gehalt 01/2024', value: 2800 }),
      row({ line: 19, date: '2024-01-02', description: 'Jonas Beispiel Sparen', value: 100 }),
  ]],
  ['ing-nl.csv', 'ing-nl', [
      row({ line: 2, date: '2024-02-15', description: 'Albert Heijn 1421 Pasvolgnr: 002 14-02-2024 18:31 Transactie: 3A9K21 Term: 2YP714', value: -23.47, account: 'NL20INGB0001234567' }),
      row({ line: 3, date: '2024-02-14', description: 'Belastingdienst Teruggaaf inkomstenbelasting 2023', value: 412, fingerprintText: 'Belastingdienst Naam: Belastingdienst Omschrijving: Teruggaaf inkomstenbelasting 2023 IBAN: NL86INGB0002445588 Kenmerk: 1234567890123456', account: 'NL20INGB0001234567' }),
      row({ line: 4, date: '2024-02-13', description: 'NS GROEP IZ NS REIZIGERS Abonnement februari', value: -104.6, fingerprintText: 'NS GROEP IZ NS REIZIGERS Naam: NS GROEP IZ NS REIZIGERS Omschrijving: Abonnement februari Machtiging ID: 4821177 Incassant ID: NL18ZZZ302012760000 Doorlopende incasso IBAN: NL60INGB0000222222', account: 'NL20INGB0001234567' }),
      row({ line: 5, date: '2024-02-12', description: 'Naar Oranje Spaarrekening V123-45678', value: -250, fingerprintText: 'Oranje Spaarrekening V123-45678 Naar Oranje Spaarrekening V123-45678', account: 'NL20INGB0001234567' }),
  ]],
  ['commerzbank.csv', 'commerzbank', [
      row({ line: 2, date: '2024-02-05', description: 'Telekom Deutschland GmbH Festnetz Vertragskonto 551234567 RG 01/2024', value: -39.95, fingerprintText: 'Telekom Deutschland GmbH Festnetz Vertragskonto 551234567 RG 01/2024 End-to-End-Ref.: 551234567-2024-01 Mandatsref: TK551234567 Gläubiger-ID: DE81ZZZ00000036520 SEPA-BASISLASTSCHRIFT wiederholend', account: 'DE61300400000123456789' }),
      row({ line: 3, date: '2024-02-02', description: 'Muster Logistik GmbH Lohn/Gehalt 01.2024', value: 2640.12, fingerprintText: 'Muster Logistik GmbH Lohn/Gehalt 01.2024 End-to-End-Ref.: NOTPROVIDED', account: 'DE61300400000123456789' }),
      row({ line: 4, date: '2024-02-01', description: 'EDEKA Hamm Kartenzahlung girocard 2024-01-31T17:42:11 Karte Nr. XXXX4521 Terminal 60512345', value: -47.83, account: 'DE61300400000123456789' }),
  ]],
  ['sparkasse-csv-camt-pending.csv', 'sparkasse-csv-camt', [
      skipped(2, 'pending (Umsatz vorgemerkt): not booked yet'),
      row({ line: 3, date: '2024-02-06', description: 'Turnverein Köln 1890 e.V. Beitrag 02/2024 Mitgliedsnr 4711', value: -12, bankTransactionId: 'BEITR-2024-02-4711', account: 'DE21370501981929807319' }),
      row({ line: 4, date: '2024-02-05', description: 'Petra Schulze Taschengeld Februar', value: 50, account: 'DE21370501981929807319' }),
      row({ line: 5, date: '2024-02-05', description: 'dm-drogerie markt 2024-02-03T11:15 Debitk.7 2026-12', value: -9.85, account: 'DE21370501981929807319' }),
  ]],
  ['sparkasse-csv-mt940.csv', 'sparkasse-csv-mt940', [
      row({ line: 2, date: '2024-02-12', description: 'Bundeskasse Kfz-Steuer B-XY 123 Zeitraum 2024', value: -94, fingerprintText: 'Bundeskasse EREF+2024021200457 MREF+VK-0042113 CRED+DE23ZZZ00000012345 SVWZ+Kfz-Steuer B-XY 123 Zeitraum 2024', account: '1929807319' }),
      row({ line: 3, date: '2024-02-09', description: 'Landwirtschaft Berger GbR Rechnung 2024-017', value: 240, fingerprintText: 'Landwirtschaft Berger GbR EREF+NOTPROVIDED KREF+SPK-2024-0209 SVWZ+Rechnung 2024-017 ABWA+Hofladen Berger', account: '1929807319' }),
      row({ line: 4, date: '2024-02-08', description: 'Entgeltabrechnung siehe Anlage', value: -5.95, account: '1929807319' }),
      skipped(5, 'pending (Umsatz vorgemerkt): not booked yet'),
  ]],
  ['n26.csv', 'n26', [
      row({ line: 2, date: '2024-02-14', description: 'SPOTIFY', value: -10.99, fingerprintText: 'SPOTIFY -' }),
      row({ line: 3, date: '2024-02-13', description: 'Lena Hoffmann Konzertkarten', value: 45 }),
      row({ line: 4, date: '2024-02-12', description: 'Booking.com', value: -238.4, fingerprintText: 'Booking.com -' }),
      row({ line: 5, date: '2024-02-01', description: 'Vermieter Meyer Miete Februar', value: -720 }),
  ]],
  ['revolut.csv', 'revolut', [
      row({ line: 2, date: '2024-03-02', description: 'Pret A Manger', value: -6.45 }),
      row({ line: 3, date: '2024-03-02', description: 'Top-Up by *4421', value: 200 }),
      skipped(4, 'pending: not completed yet'),
      row({ line: 5, date: '2024-03-04', description: 'Exchanged to EUR', value: -100.5 }),
      skipped(6, 'not booked: reverted, declined or failed'),
  ]],
  ['wise.csv', 'wise', [
      row({ line: 2, date: '2024-03-18', description: 'Card transaction of 4.20 EUR issued by Bäckerei Kamps Berlin', value: -4.2, bankTransactionId: 'CARD-1187766231' }),
      row({ line: 3, date: '2024-03-15', description: 'Sent money to Jan Novak Rent share March', value: -350, bankTransactionId: 'TRANSFER-902211457' }),
      row({ line: 4, date: '2024-03-14', description: 'Received money from ACME LTD with reference INV-2024-031', value: 1350, fingerprintText: 'Received money from ACME LTD with reference INV-2024-031 INV-2024-031', bankTransactionId: 'TRANSFER-901876002' }),
  ]],
  ['monzo.csv', 'monzo', [
      row({ line: 2, date: '2024-03-01', description: 'Pret A Manger', value: -4.95, bankTransactionId: 'tx_0000AbCdEf123456789012', category: 'Eating out' }),
      row({ line: 3, date: '2024-03-01', description: 'Sam Taylor Pizza night', value: 25, bankTransactionId: 'tx_0000AbCdEf123456789013', category: 'Transfers' }),
      row({ line: 4, date: '2024-03-02', description: 'Thames Water', value: -38, bankTransactionId: 'tx_0000AbCdEf123456789014', category: 'Bills' }),
      row({ line: 5, date: '2024-03-03', description: 'Tesco', value: -31.27, bankTransactionId: 'tx_0000AbCdEf123456789015', category: 'Groceries' }),
  ]],
  ['starling.csv', 'starling', [
      skipped(2, 'balance line (opening balance)', { label: 'Opening Balance', date: '2024-03-05', value: 1520.44 }),
      row({ line: 3, date: '2024-03-05', description: 'GREGGS PLC', value: -3.15, fingerprintText: 'Greggs GREGGS PLC' }),
      row({ line: 4, date: '2024-03-06', description: 'HMRC Tax refund 2023', value: 212.4 }),
      row({ line: 5, date: '2024-03-07', description: 'Octopus Energy A-4F2C19E0', value: -96 }),
  ]],
  ['nationwide.csv', 'nationwide', [
      row({ line: 6, date: '2024-03-01', description: 'Transfer to 07-04-36 31234567', value: -250 }),
      row({ line: 7, date: '2024-03-06', description: 'NORTHWIND LTD SALARY', value: 2310 }),
      row({ line: 8, date: '2024-03-07', description: 'COUNCIL TAX', value: -148 }),
      row({ line: 9, date: '2024-03-08', description: 'SAINSBURYS S/MKTS', value: -42.16 }),
  ]],
  ['barclays.csv', 'barclays', [
      row({ line: 2, date: '2024-03-12', description: 'NETFLIX.COM ON 11 MAR BCC', value: -7.99, account: '20-32-06 13152170' }),
      row({ line: 3, date: '2024-03-12', description: 'BRITISH GAS BG SERVICES', value: -54.2, account: '20-32-06 13152170' }),
      row({ line: 4, date: '2024-03-13', description: 'ACME UK LTD SALARY MARCH BGC', value: 1850, account: '20-32-06 13152170' }),
      row({ line: 5, date: '2024-03-14', description: 'CHEQUE 000321', value: -60, account: '20-32-06 13152170' }),
      row({ line: 6, date: '2024-03-15', description: 'TFL TRAVEL CH ON 14 MAR BCC', value: -15, account: '20-32-06 13152170' }),
  ]],
  ['chase.csv', 'chase', [
      row({ line: 2, date: '2024-03-18', description: 'STARBUCKS STORE 08812 SEATTLE WA 03/17', value: -6.45 }),
      row({ line: 3, date: '2024-03-15', description: 'PAYROLL ACME CORP PPD ID: 9111111111', value: 2105.33 }),
      row({ line: 4, date: '2024-03-14', description: 'CHECK 1047', value: -120 }),
      row({ line: 5, date: '2024-03-12', description: 'Zelle payment to Maria Lopez JPM99b3k2x1y', value: -40 }),
  ]],
  ['amex.csv', 'amex', [
      row({ line: 2, date: '2024-03-19', description: 'WHOLEFDS HAR 10234', value: -84.12, bankTransactionId: '\'320240790123456789\'', category: 'Merchandise & Supplies-Groceries' }),
      row({ line: 5, date: '2024-03-18', description: 'AUTOPAY PAYMENT - THANK YOU', value: 1250, bankTransactionId: '\'320240780987654321\'' }),
      row({ line: 6, date: '2024-03-16', description: 'DELTA AIR LINES ATLANTA', value: -412.6, bankTransactionId: '\'320240760555512345\'', category: 'Travel-Airline' }),
  ]],
  ['capital-one.csv', 'capital-one', [
      row({ line: 2, date: '2024-03-20', description: 'UBER *TRIP', value: -18.43, category: 'Other Travel' }),
      row({ line: 3, date: '2024-03-19', description: 'CAPITAL ONE MOBILE PYMT', value: 500, category: 'Payment/Credit' }),
      row({ line: 4, date: '2024-03-17', description: 'SAFEWAY #1483', value: -62.07, category: 'Grocery' }),
      row({ line: 5, date: '2024-03-15', description: 'NETFLIX.COM', value: -15.49, category: 'Entertainment' }),
  ]],
  ['banco-do-brasil.csv', 'banco-do-brasil', [
      skipped(2, 'balance line', { label: 'Saldo Anterior', date: '2024-02-29', value: 1520.33 }),
      row({ line: 3, date: '2024-03-01', description: 'Pix - Enviado 01/03 10:21 Padaria Pão Quente', value: -23.5 }),
      row({ line: 4, date: '2024-03-04', description: 'Pagamento de Boleto ENERGISA MT', value: -187.92 }),
      row({ line: 5, date: '2024-03-05', description: 'Pix - Recebido 05/03 18:03 00012345678 Ana Paula Souza', value: 150 }),
      skipped(6, 'balance line', { label: 'Saldo do dia', date: '2024-03-05', value: 1458.91 }),
      skipped(7, 'balance line', { label: 'S A L D O', date: '2024-03-31', value: 1458.91 }),
  ]],
  ['targobank.csv', 'targobank', [
      row({ line: 6, date: '2024-02-29', description: 'REWE Markt GmbH Duisburg/Neudorf 28.02 18:44 Karte 1 Kartenzahlung', value: -32.1 }),
      row({ line: 7, date: '2024-02-28', description: 'Beispiel Logistik GmbH Lohn/Gehalt 02/2024 Gutschrift', value: 2105 }),
      row({ line: 8, date: '2024-02-15', description: 'Stadtwerke Duisburg AG Abschlag Strom Februar Vertrag 7733015 Lastschrift', value: -67 }),
      row({ line: 9, date: '2024-02-01', description: 'Wohnbau Rhein-Ruhr eG Miete Februar Whg. 12 Dauerauftrag', value: -780 }),
      row({ line: 10, date: '2024-02-01', description: 'Kontoführungsentgelt Januar Entgelt', value: -4.95 }),
  ]],
  ['wise-transaction-history.csv', 'wise-history', [
      row({ line: 2, date: '2024-04-12', description: 'Jan Novak Rent share April', value: -350, fingerprintText: 'Rent share April', bankTransactionId: 'TRANSFER-1098765432', category: 'Housing' }),
      row({ line: 3, date: '2024-04-11', description: 'Trattoria Da Mario', value: -23.4, bankTransactionId: 'CARD_TRANSACTION-2210987654', category: 'Eating out' }),
      skipped(4, 'cancelled: no money moved'),
      row({ line: 5, date: '2024-04-08', description: 'ACME LTD INV-2024-041', value: 1350, fingerprintText: 'INV-2024-041', bankTransactionId: 'TRANSFER-1098650000' }),
      row({ line: 6, date: '2024-04-05', description: 'Northwind Inc Invoice 7 March', value: 1195.86, fingerprintText: 'Invoice 7 March', bankTransactionId: 'TRANSFER-1098612345' }),
      skipped(7, 'refunded: the money came back'),
      skipped(8, 'a conversion between your own Wise balances: neither money in nor out'),
      skipped(9, 'not completed yet'),
  ]],
  ['wise-balance-statement.csv', 'wise', [
      row({ line: 2, date: '2024-04-22', description: 'Card transaction of 12.80 EUR issued by Ristorante Roma Milano', value: -12.8, bankTransactionId: 'CARD_TRANSACTION-2211004455' }),
      row({ line: 3, date: '2024-04-19', description: 'Sent money to Maria Lopez Concert tickets split with Sam', value: -200, bankTransactionId: 'TRANSFER-1099100200' }),
      row({ line: 4, date: '2024-04-17', description: 'Converted 100.00 EUR to 108.05 USD', value: -100, bankTransactionId: 'BALANCE-3301200' }),
      row({ line: 5, date: '2024-04-15', description: 'Received money from ACME LTD with reference INV-2024-042', value: 1500, fingerprintText: 'Received money from ACME LTD with reference INV-2024-042 INV-2024-042', bankTransactionId: 'TRANSFER-1099000321' }),
  ]],
  ['date-note-amount.csv', undefined, [
      row({ line: 2, date: '2024-01-03', description: 'Coffee with Sam', value: -4.5 }),
      row({ line: 3, date: '2024-01-04', description: 'Refund from bookstore', value: 12.99 }),
      row({ line: 4, date: '2024-01-05', description: 'Groceries', value: -37.15 }),
  ]],
];

/**
 * Exports a built-in profile identifies by its header (`identifiedBy`), read without --profile:
 * [profile, the columns that identify it]. The first group the generic profile could read too.
 */
const RECOGNISED: Record<string, [profile: string, columns: string[]]> = {
  'amex.csv': ['amex', ['Date', 'Description', 'Amount', 'Extended Details', 'Appears On Your Statement As']],
  'barclays.csv': ['barclays', ['Number', 'Date', 'Account', 'Amount', 'Subcategory', 'Memo']],
  'capital-one.csv': ['capital-one', ['Transaction Date', 'Posted Date', 'Card No.', 'Description', 'Category', 'Debit', 'Credit']],
  'chase.csv': ['chase', ['Details', 'Posting Date', 'Description', 'Amount', 'Type', 'Balance', 'Check or Slip #']],
  'wise.csv': ['wise', ['TransferWise ID', 'Date', 'Amount', 'Currency', 'Description', 'Running Balance']],
  'wise-balance-statement.csv': ['wise', ['TransferWise ID', 'Date', 'Amount', 'Currency', 'Description', 'Running Balance']],
  'sparkasse-csv-camt-pending.csv': ['sparkasse-csv-camt', ['Auftragskonto', 'Buchungstag', 'Valutadatum', 'Glaeubiger ID', 'Mandatsreferenz', 'Kundenreferenz (End-to-End)', 'Betrag']],
  'sparkasse-csv-mt940.csv': ['sparkasse-csv-mt940', ['Auftragskonto', 'Buchungstag', 'Valutadatum', 'Beguenstigter/Zahlungspflichtiger', 'Kontonummer', 'BLZ', 'Betrag']],
  'dkb.csv': ['dkb', ['Buchungsdatum', 'Wertstellung', 'Status', 'Zahlungspflichtige*r', 'Zahlungsempfänger*in', 'Umsatztyp']],
  'ing-de.csv': ['ing-de', ['Buchung', 'Valuta', 'Auftraggeber/Empfänger', 'Buchungstext', 'Verwendungszweck', 'Betrag']],
  'ing-nl.csv': ['ing-nl', ['Datum', 'Naam / Omschrijving', 'Rekening', 'Tegenrekening', 'Af Bij', 'Bedrag (EUR)', 'Mededelingen']],
  'commerzbank.csv': ['commerzbank', ['Buchungstag', 'Wertstellung', 'Umsatzart', 'Buchungstext', 'Betrag', 'Auftraggeberkonto']],
  'targobank.csv': ['targobank', ['Buchungsdatum', 'Wertstellung', 'Buchungstext', 'Betrag (EUR)']],
  'n26.csv': ['n26', ['Booking Date', 'Value Date', 'Partner Name', 'Partner Iban', 'Payment Reference', 'Amount (EUR)']],
  'revolut.csv': ['revolut', ['Type', 'Product', 'Started Date', 'Completed Date', 'Description', 'Amount', 'State']],
  'wise-transaction-history.csv': ['wise-history', ['ID', 'Status', 'Direction', 'Created on', 'Finished on', 'Source amount (after fees)', 'Target amount (after fees)']],
  'monzo.csv': ['monzo', ['Transaction ID', 'Date', 'Time', 'Type', 'Name', 'Emoji', 'Amount', 'Local amount']],
  'starling.csv': ['starling', ['Date', 'Counter Party', 'Reference', 'Type', 'Spending Category']],
  'nationwide.csv': ['nationwide', ['Date', 'Transactions', 'Credit amount', 'Debit amount', 'Balance']],
  'banco-do-brasil.csv': ['banco-do-brasil', ['Data', 'Lançamento', 'Detalhes', 'N° documento', 'Valor']],
};

describe('real bank exports', () => {
  for (const [file, profile, items] of cases) {
    it(`${file}${profile ? ` with --profile ${profile}` : ''}: exactly these rows`, async () => {
      assert.deepEqual((await readStatement(fixture(file), { profile })).items, items);
    });
  }

  for (const [file, [profile, columns]] of Object.entries(RECOGNISED)) {
    it(`${file} without --profile: read with the ${profile} profile, and the report says which columns identified it`, async () => {
      const result = await readStatement(fixture(file));
      assert.deepEqual(result.notes, [`read with the built-in CSV profile "${profile}": the header has its columns ${columns.map((c) => `"${c}"`).join(', ')}`]);
      assert.deepEqual(result.items, cases.find(([name]) => name === file)?.[2]);
    });
  }

  it('an OFX header that lies about the charset: the UTF-8 bytes win, and the report says so', async () => {
    const result = await readStatement(fixture('ofx1-charset-lies.ofx'));
    assert.deepEqual(result.notes, ['the header says the charset is Windows-1252, but the bytes are UTF-8 (with non-ASCII characters): read as UTF-8']);
  });
});
