package org.infiniscope.sm.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PartitionsFileTest {

    private static final String MAN_PAGE = """
            # from man opensm, PARTITION CONFIGURATION
            Default=0x7fff : ALL, ALL_SWITCHES=full, SELF=full ;
            NewPartition , ipoib : 0x123456=full, 0x3456789034=limi,  0x2134af2306 ;
            YetAnotherOne = 0x300 : SELF=full ;
            YetAnotherOne = 0x300 : ALL=limited ;
            ShareIO = 0x80 , defmember=full : 0x123451, 0x123452;
            # 0x123453, 0x123454 will be limited
            ShareIO = 0x80 : 0x123453, 0x123454, 0x123455=full;
            ShareIO = 0x80 , defmember=full : 0x12345b, 0x12345c=limited, 0x12345d;
            Multi=0x8005,ipoib,mtu=5,rate=7,sl=1,scope=5,indx0:
                   mgid=ff12:401b::0707,sl=1 # random IPv4 group
                   mgid=ff12::1,sl=1,Q_Key=0xDEADBEEF,rate=3,mtu=2 # random group
                   ALL=full,
                   ALL_CAS=both, ALL_ROUTERS;
            """;

    @Test
    void readsTheManPageExamples() throws Exception {
        PartitionsFile file = PartitionsFile.parse(MAN_PAGE, "p.conf");
        assertEquals(8, file.definitions().size());
        assertEquals(List.of(), file.warnings());
        PartitionDefinition def = file.definitions().get(0);
        assertEquals("Default", def.name());
        assertEquals(0x7fff, def.pkey());
        assertEquals(List.of("ALL", "ALL_SWITCHES=full", "SELF=full"),
                def.members().stream().map(Member::text).toList());
        assertEquals(new Position(2, 1, MAN_PAGE.indexOf("Default"), MAN_PAGE.indexOf(";") + 1), def.position());

        PartitionDefinition newPartition = file.definitions().get(1);
        assertEquals(null, newPartition.pkey());
        assertTrue(newPartition.ipoib());
        assertEquals(Membership.LIMITED, newPartition.members().get(1).membership()); // "limi" abbreviates limited
        assertEquals(null, newPartition.members().get(2).membership());
        assertEquals(0x2134af2306L, newPartition.members().get(2).guid());

        PartitionDefinition shareIo = file.definitions().get(4);
        assertEquals(Membership.FULL, shareIo.defaultMembership());
        assertEquals(Membership.FULL, Partition.membershipOf(shareIo, shareIo.members().get(0)));

        PartitionDefinition multi = file.definitions().get(7);
        assertEquals(0x8005, multi.pkey());
        assertEquals(5, multi.basePkey());
        assertTrue(multi.indx0());
        assertEquals(2, multi.groups().size());
        assertEquals("ff12:401b::0707", multi.groups().get(0).mgid());
        assertEquals(List.of(new Flag("sl", "1"), new Flag("Q_Key", "0xDEADBEEF"), new Flag("rate", "3"),
                new Flag("mtu", "2")), multi.groups().get(1).flags());
        assertEquals(List.of("ALL=full", "ALL_CAS=both", "ALL_ROUTERS"),
                multi.members().stream().map(Member::text).toList());
        assertEquals(13, multi.members().get(0).position().line());

        // merged as OpenSM merges: Default first, P_Key generated from 1 for the unnamed one
        List<Partition> partitions = file.partitions();
        assertEquals(List.of("Default", "NewPartition", "YetAnotherOne", "ShareIO", "Multi"),
                partitions.stream().map(Partition::name).toList());
        assertEquals(List.of(0x7fff, 0x0001, 0x0300, 0x0080, 0x0005),
                partitions.stream().map(Partition::pkey).toList());
        assertEquals(3, partitions.get(3).definitions().size());
    }

    @Test
    void writesStatementsThatReadBackTheSame() throws Exception {
        PartitionsFile file = PartitionsFile.parse(MAN_PAGE, "p.conf");
        StringBuilder text = new StringBuilder();
        file.definitions().forEach(d -> text.append(d.text()).append('\n'));
        PartitionsFile again = PartitionsFile.parse(text.toString(), "written");
        assertEquals(file.definitions().size(), again.definitions().size());
        for (int i = 0; i < file.definitions().size(); i++) {
            PartitionDefinition a = file.definitions().get(i);
            PartitionDefinition b = again.definitions().get(i);
            assertEquals(a.name(), b.name());
            assertEquals(a.pkey(), b.pkey());
            assertEquals(a.flags(), b.flags());
            assertEquals(a.members().stream().map(Member::text).toList(),
                    b.members().stream().map(Member::text).toList());
            assertEquals(a.groups().stream().map(MulticastGroup::text).toList(),
                    b.groups().stream().map(MulticastGroup::text).toList());
        }
    }

    @Test
    void abbreviationsAndEmptyListsAsOpenSmReadsThem() throws Exception {
        PartitionsFile file = PartitionsFile.parse("0x12: A=f, ALL_S, S=b, NONE, ;\nEmpty=0x13: ;\n", "f");
        PartitionDefinition def = file.definitions().get(0);
        assertEquals(null, def.name());
        assertEquals(0x12, def.pkey()); // a name starting with a digit is the P_Key
        assertEquals(List.of("ALL=full", "ALL_SWITCHES", "SELF=both"),
                def.members().stream().map(Member::text).toList());
        assertEquals(List.of(), file.definitions().get(1).members());
    }

    @Test
    void warnsWhereOpenSmOnlyWarns() throws Exception {
        PartitionsFile file = PartitionsFile.parse("P=0x2,bogus,mtu=x,defmember=maybe: ALL=sometimes\n", "w.conf");
        assertEquals(List.of("w.conf:1:7: unknown partition flag 'bogus': OpenSM ignores it",
                "w.conf:1:13: mtu needs a number above 0 up to 63, found 'x': OpenSM skips it",
                "w.conf:1:19: defmember needs full, limited or both, found 'maybe': OpenSM ignores it",
                "w.conf:1:36: unknown membership 'sometimes' (full, limited or both): OpenSM takes it as limited",
                "w.conf:1:1: partition 'P' has no ';' at its end (OpenSM takes it as it stands)"), file.warnings());
        assertEquals(Membership.LIMITED, file.definitions().get(0).defaultMembership());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "Default=0x7fff ALL ;|1:20: expected ':' after the partition definition 'Default=0x7fff ALL' "
                    + "(Name=PKEY[,flags]: members;)",
            "P=0xzz: ALL;|1:3: expected a P_Key number (0x7fff, 0x8001, 32769), found '0xzz'",
            "P=0x10: ALL, 0xfoo;|1:14: expected a port GUID (0x0002c90300000001) or ALL, ALL_CAS, ALL_SWITCHES, "
                    + "ALL_ROUTERS, SELF, found '0xfoo'",
            "P=0x10,,ipoib: ALL;|1:8: expected a partition flag (ipoib, mtu=, rate=, sl=, scope=, defmember=, "
                    + "indx0…) after ','",
            "P=0x10: 0;|1:9: expected a port GUID (0x0002c90300000001) or ALL, ALL_CAS, ALL_SWITCHES, ALL_ROUTERS, "
                    + "SELF, found '0'"})
    void rejectsWithLineAndColumn(String text, String message) {
        String file = "# first line\n" + text.replace("\\n", "\n");
        PartitionsException e = assertThrows(PartitionsException.class, () -> PartitionsFile.parse(file, "bad.conf"));
        String expected = "bad.conf:" + (Integer.parseInt(message.substring(0, 1)) + 1) + message.substring(1);
        assertEquals(expected, e.getMessage());
        assertEquals(2, e.line());
    }

    @Test
    void aBadLineAfterGoodStatementsNamesItsLine() {
        String text = "Default=0x7fff: ALL=full;\nA=0x1:\n  0x10,\n  SELF=full\n  junk ;\n";
        PartitionsException e = assertThrows(PartitionsException.class, () -> PartitionsFile.parse(text, "x"));
        assertEquals("x:5:3: expected a port GUID (0x0002c90300000001) or ALL, ALL_CAS, ALL_SWITCHES, "
                + "ALL_ROUTERS, SELF, found 'junk'", e.getMessage());
        assertFalse(e.getMessage().isEmpty());
    }

    @Test
    void qosOptionsWithErrorsAtTheirColumn() throws Exception {
        QosOptions options = QosOptions.parse("""
                # opensm.conf
                qos TRUE
                qos_max_vls 8
                qos_high_limit 3
                qos_vlarb_high 0:8,1:4
                qos_ca_sl2vl 3,2,1,0,3,2,1,0,3,2,1,0,3,2,1,0
                routing_engine minhop
                """, "o.conf");
        assertTrue(options.enabled());
        assertEquals(3, options.resolve(QosOptions.PortType.SWE).highLimit());
        assertEquals(List.of(new QosOptions.VlWeight(0, 8), new QosOptions.VlWeight(1, 4)),
                options.resolve(QosOptions.PortType.CA).vlarbHigh());
        assertEquals(15, options.resolve(QosOptions.PortType.CA).vlarbLow().size()); // OpenSM's default
        assertEquals(3, options.resolve(QosOptions.PortType.CA).sl2vl().get(0));
        assertEquals(7, options.resolve(QosOptions.PortType.SWE).sl2vl().get(15)); // default SL2VL
        PartitionsException e = assertThrows(PartitionsException.class,
                () -> QosOptions.parse("qos TRUE\nqos_swe_vlarb_low 0:4,15:2\n", "o.conf"));
        assertEquals("o.conf:2:23: expected a number from 0 to 14, found '15'", e.getMessage());
        e = assertThrows(PartitionsException.class, () -> QosOptions.parse("qos_sl2vl 0,1,2\n", "o.conf"));
        assertEquals("o.conf:1:11: expected 16 VLs (one per SL), found 3", e.getMessage());
    }
}
